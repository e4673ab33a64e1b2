import { z } from 'zod';
import { ROUTE_KEYS } from './routes';

export const menuItemSchema = z.object({ title: z.string(), icon: z.string(), to: z.string(), key: z.enum(ROUTE_KEYS) });
