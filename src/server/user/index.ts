/** What other folders may use of the user domain (its routes are registered by app.ts). */
export { createUser, existingUser, getUser, toUserDto, type NewUser } from './user.service.ts';
export { ensureOwner, OwnerSetupError } from './owner.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { passwordProblem } from './password-policy.ts';
export { randomNickname } from './nickname.ts';
export {
  ManagedUserSchema,
  RoleInfoSchema,
  UserExtraSchema,
  UserSchema,
  type ManagedUser,
  type RoleInfo,
  type User,
  type UserExtra,
} from './user.schema.ts';
