// The shared response shapes live in the API contract (packages/domain/src/contract, ADR 0021).
export {
  errorSchema,
  idParams,
  messageSchema,
  responses,
  userSchema as apiUserSchema,
} from '@balai/domain/contract';
