export { endSessionsOf } from './end-sessions';
export { hashPassword } from './password';
export { UserService, generatePassword } from './user.service';
export { tokenIdOfActor } from './api-tokens/api-token.service';
