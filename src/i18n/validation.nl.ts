import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in Dutch, keyed by their English text (validation.en.ts). */
const nl: Messages = {
    'Password is required': 'Het wachtwoord is verplicht',
    'Password strength not met': 'Het wachtwoord is niet sterk genoeg',
    'Password must be at least 8 characters': 'Het wachtwoord moet minstens 8 tekens lang zijn',
    'Unsupported character': 'Niet-ondersteund teken',
    'Passwords do not match': 'De wachtwoorden komen niet overeen',
    'Current password is required': 'Het huidige wachtwoord is verplicht',
    'Current password is incorrect': 'Het huidige wachtwoord is onjuist',
    Required: 'Verplicht',
    'Must not be blank': 'Mag niet leeg zijn',
    'Invalid email address': 'Ongeldig e-mailadres',
    'Role is required': 'De rol is verplicht',
    'Account is required': 'Het account is verplicht',
    'Name is required': 'De naam is verplicht',
    'Must be a positive integer, at most 256': 'Moet een positief geheel getal zijn, hoogstens 256',
    'Bit length is required': 'De bitlengte is verplicht',
    'Start and length must be whole numbers of bits': 'Begin en lengte moeten hele aantallen bits zijn',
    'Use bit numbers and ranges, like 2-13, 15': 'Gebruik bitnummers en bereiken, zoals 2-13, 15',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `Hoogstens ${n} tekens`])),
};
export default nl;
