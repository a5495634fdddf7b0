import { z } from 'zod';

/** GET /api/admin/health-warnings: the configuration problems of this server (decision 024), empty when there are none. */
export const healthWarningsSchema = z.object({ warnings: z.array(z.string()) });
export type HealthWarnings = z.infer<typeof healthWarningsSchema>;
