import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { accountRoutes } from './accounts/routes';
import { authRoutes } from './auth/routes';

/** The features the server serves under /api/v2: adding one is one line here. */
export const features: FastifyPluginAsyncZod<AppContext>[] = [authRoutes, accountRoutes];
