export { userRoutes } from './user.routes.ts';
export { createUser, getUser, toUserDto, USERNAME_PATTERN, type NewUser } from './user.service.ts';
export { ensureOwner, OwnerSetupError } from './owner.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { passwordProblem } from './password-policy.ts';
export { UserSchema, type User } from './user.schema.ts';
