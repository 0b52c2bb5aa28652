import { describe, expect, it } from 'vitest';
import { accountPaths } from '@balai/domain/contract';
import { ACTIVATE_PATH } from './accounts.ts';

describe('accounts API module', () => {
  it('posts to the contract’s activation path (without /api)', () => {
    expect(`/api${ACTIVATE_PATH}`).toBe(accountPaths.activate);
  });
});
