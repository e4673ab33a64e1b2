import type { Messages } from '../plugins/types';

/**
 * The validation texts of contract/ (SPEC 5), keyed by their English text as
 * react-admin translates a validation message (translate(message, {_: message})).
 */
export const VALIDATION_TEXTS = [
    'Password is required',
    'Password strength not met',
    'Password must be at least 8 characters',
    'Unsupported character',
    'Passwords do not match',
    'Current password is required',
    'Current password is incorrect',
    'Required',
    'Must not be blank',
    'Invalid email address',
    'Role is required',
    'Account is required',
    'Name is required',
    'Must be a positive integer, at most 256',
    'Bit length is required',
    'Start and length must be whole numbers of bits',
    'Use bit numbers and ranges, like 2-13, 15',
    ...[25, 30, 60, 100, 255].map(n => `Maximum ${n} characters`),
];

const en: Messages = Object.fromEntries(VALIDATION_TEXTS.map(k => [k, k]));
export default en;
