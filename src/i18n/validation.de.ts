import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in German, keyed by their English text (validation.en.ts). */
const de: Messages = {
    'Password is required': 'Das Passwort ist erforderlich',
    'Password strength not met': 'Das Passwort ist nicht stark genug',
    'Password must be at least 8 characters': 'Das Passwort muss mindestens 8 Zeichen lang sein',
    'Unsupported character': 'Nicht unterstütztes Zeichen',
    'Passwords do not match': 'Die Passwörter stimmen nicht überein',
    'Current password is required': 'Das aktuelle Passwort ist erforderlich',
    'Current password is incorrect': 'Das aktuelle Passwort ist falsch',
    Required: 'Pflichtfeld',
    'Must not be blank': 'Darf nicht leer sein',
    'Invalid email address': 'Ungültige E-Mail-Adresse',
    'Role is required': 'Die Rolle ist erforderlich',
    'Account is required': 'Das Konto ist erforderlich',
    'Name is required': 'Der Name ist erforderlich',
    'Must be a positive integer, at most 256': 'Muss eine positive ganze Zahl sein, höchstens 256',
    'Bit length is required': 'Die Bitlänge ist erforderlich',
    'Start and length must be whole numbers of bits': 'Anfang und Länge müssen ganze Bitzahlen sein',
    'Use bit numbers and ranges, like 2-13, 15': 'Geben Sie Bitnummern und Bereiche an, z. B. 2-13, 15',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `Höchstens ${n} Zeichen`])),
};
export default de;
