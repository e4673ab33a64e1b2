import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in Brazilian Portuguese, keyed by their English text (validation.en.ts). */
const ptBR: Messages = {
    'Password is required': 'A senha é obrigatória',
    'Password strength not met': 'A senha não é forte o suficiente',
    'Password must be at least 8 characters': 'A senha deve ter pelo menos 8 caracteres',
    'Unsupported character': 'Caractere não suportado',
    'Passwords do not match': 'As senhas não coincidem',
    'Current password is required': 'A senha atual é obrigatória',
    'Current password is incorrect': 'A senha atual está incorreta',
    Required: 'Obrigatório',
    'Must not be blank': 'Não pode ficar em branco',
    'Invalid email address': 'Endereço de e-mail inválido',
    'Role is required': 'A função é obrigatória',
    'Account is required': 'A conta é obrigatória',
    'Name is required': 'O nome é obrigatório',
    'Must be a positive integer, at most 256': 'Deve ser um número inteiro positivo, no máximo 256',
    'Bit length is required': 'O comprimento em bits é obrigatório',
    'Start and length must be whole numbers of bits': 'Início e comprimento devem ser números inteiros de bits',
    'Use bit numbers and ranges, like 2-13, 15': 'Use números de bits e intervalos, como 2-13, 15',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `Máximo de ${n} caracteres`])),
};
export default ptBR;
