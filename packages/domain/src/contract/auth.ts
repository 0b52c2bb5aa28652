import { z } from 'zod';
import { userSchema } from './users.ts';

/** Sign-in, sign-out, password reset and the signed-in user's own profile (ADR 0021). */

export { authPaths } from './paths.ts';
export {
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  type LoginInput,
  type ProfileUpdateInput,
} from '../schemas/users.ts';

/** `POST /api/login`: the bearer token, when it ends, and who signed in. */
export const loginAnswerSchema = z.object({
  data: z.object({ token: z.string(), expires_at: z.string(), user: userSchema }),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** `PUT /api/profile`: the profile as saved; a new NIK waits for the office (`nik_change`). */
export const profileAnswerSchema = z.object({
  data: userSchema,
  nik_change: z.object({ status: z.literal('requested'), message: z.string() }).optional(),
});
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;
