export { endSessionsOf } from './end-sessions';
export { hashPassword } from './password';
export { UserService, generatePassword } from './user.service';
export { ACTOR_NAME, ACTOR_NAME_JOINS, tokenIdOfActor } from './api-tokens/api-token.service';
