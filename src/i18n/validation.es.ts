import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in Spanish, keyed by their English text (validation.en.ts). */
const es: Messages = {
    'Password is required': 'La contraseña es obligatoria',
    'Password strength not met': 'La contraseña no es lo bastante segura',
    'Password must be at least 8 characters': 'La contraseña debe tener al menos 8 caracteres',
    'Unsupported character': 'Carácter no admitido',
    'Passwords do not match': 'Las contraseñas no coinciden',
    'Current password is required': 'La contraseña actual es obligatoria',
    'Current password is incorrect': 'La contraseña actual es incorrecta',
    Required: 'Obligatorio',
    'Must not be blank': 'No puede estar vacío',
    'Invalid email address': 'Dirección de correo electrónico no válida',
    'Role is required': 'El rol es obligatorio',
    'Account is required': 'La cuenta es obligatoria',
    'Name is required': 'El nombre es obligatorio',
    'Must be a positive integer, at most 256': 'Debe ser un número entero positivo, de 256 como máximo',
    'Bit length is required': 'El número de bits es obligatorio',
    'Start and length must be whole numbers of bits': 'El inicio y la longitud deben ser números enteros de bits',
    'Use bit numbers and ranges, like 2-13, 15': 'Indique números de bit e intervalos, como 2-13, 15',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `${n} caracteres como máximo`])),
};
export default es;
