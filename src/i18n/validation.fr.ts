import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in French, keyed by their English text (validation.en.ts). */
const fr: Messages = {
    'Password is required': 'Le mot de passe est obligatoire',
    'Password strength not met': 'Le mot de passe n’est pas assez robuste',
    'Password must be at least 8 characters': 'Le mot de passe doit contenir au moins 8 caractères',
    'Unsupported character': 'Caractère non pris en charge',
    'Passwords do not match': 'Les mots de passe ne correspondent pas',
    'Current password is required': 'Le mot de passe actuel est obligatoire',
    'Current password is incorrect': 'Le mot de passe actuel est incorrect',
    Required: 'Obligatoire',
    'Must not be blank': 'Ne doit pas être vide',
    'Invalid email address': 'Adresse e-mail invalide',
    'Role is required': 'Le rôle est obligatoire',
    'Account is required': 'Le compte est obligatoire',
    'Name is required': 'Le nom est obligatoire',
    'Must be a positive integer, at most 256': 'Doit être un entier positif, 256 au maximum',
    'Bit length is required': 'Le nombre de bits est obligatoire',
    'Start and length must be whole numbers of bits': 'Le début et la longueur doivent être des nombres entiers de bits',
    'Use bit numbers and ranges, like 2-13, 15': 'Indiquez des numéros de bits et des plages, comme 2-13, 15',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `${n} caractères au maximum`])),
};
export default fr;
