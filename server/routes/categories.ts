import { Hono } from 'hono'
import type { AppEnv } from '../context'

// TODO: endpoints of spec section 7 for this resource.
export const categoriesRoutes = new Hono<AppEnv>()
