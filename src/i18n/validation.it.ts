import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in Italian, keyed by their English text (validation.en.ts). */
const it: Messages = {
    'Password is required': 'La password è obbligatoria',
    'Password strength not met': 'La password non è abbastanza sicura',
    'Password must be at least 8 characters': 'La password deve contenere almeno 8 caratteri',
    'Unsupported character': 'Carattere non supportato',
    'Passwords do not match': 'Le password non coincidono',
    'Current password is required': 'La password attuale è obbligatoria',
    'Current password is incorrect': 'La password attuale non è corretta',
    Required: 'Obbligatorio',
    'Must not be blank': 'Non può essere vuoto',
    'Invalid email address': 'Indirizzo e-mail non valido',
    'Role is required': 'Il ruolo è obbligatorio',
    'Account is required': 'L’account è obbligatorio',
    'Name is required': 'Il nome è obbligatorio',
    'Must be a positive integer, at most 256': 'Deve essere un numero intero positivo, al massimo 256',
    'Bit length is required': 'La lunghezza in bit è obbligatoria',
    'Start and length must be whole numbers of bits': 'Inizio e lunghezza devono essere numeri interi di bit',
    'Use bit numbers and ranges, like 2-13, 15': 'Indica numeri di bit e intervalli, ad es. 2-13, 15',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `Massimo ${n} caratteri`])),
};
export default it;
