import { describe, expect, it } from 'vitest';
import { ACCOUNT_GONE_DETAIL } from '../../auth/authenticate.ts';
import { ADMIN_ONLY_DETAIL, decideAccess, STAFF_ONLY_DETAIL } from './guards.ts';

describe('decideAccess, the console’s one rule', () => {
  it('lets a facilitator and an admin use a staff route', () => {
    expect(decideAccess('facilitator', 'staff')).toBeNull();
    expect(decideAccess('admin', 'staff')).toBeNull();
  });

  it('lets only an admin use an admin route', () => {
    expect(decideAccess('admin', 'admin')).toBeNull();
    expect(decideAccess('facilitator', 'admin')).toMatchObject({ statusCode: 403, code: 'forbidden', detail: ADMIN_ONLY_DETAIL });
  });

  it('refuses a student every console route with 403', () => {
    expect(decideAccess('student', 'staff')).toMatchObject({ statusCode: 403, code: 'forbidden', detail: STAFF_ONLY_DETAIL });
    expect(decideAccess('student', 'admin')).toMatchObject({ statusCode: 403, code: 'forbidden', detail: ADMIN_ONLY_DETAIL });
  });

  it('answers an account deleted since its token with 401 invalid_token, whatever the route needs', () => {
    for (const needed of ['staff', 'admin'] as const) {
      expect(decideAccess(null, needed)).toMatchObject({ statusCode: 401, code: 'invalid_token', detail: ACCOUNT_GONE_DETAIL });
    }
  });
});
