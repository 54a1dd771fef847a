import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { displayName, fetchProfile, homePathFor } from './endpoints.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('fetchProfile', () => {
  it.each([
    ['classroom_name', { classroom_name: 'Room 12' }],
    ['a classroom object', { classroom: { name: 'Room 12' } }],
    ['a classrooms list', { classrooms: [{ name: 'Room 12' }] }],
  ])('reads the classroom from %s', async (_form, classroom) => {
    const client = createApiClient({ fetch: vi.fn(async () => json(200, { id: 7, username: 'ada', first_name: 'Ada', last_name: 'Lovelace', ...classroom })) });

    await expect(fetchProfile(client)).resolves.toEqual({ id: 7, role: 'student', username: 'ada', firstName: 'Ada', lastName: 'Lovelace', classroomName: 'Room 12', language: null, passwordChangeRequired: false, hasPassword: true });
  });

  it("reads the reader's language, Helix's addition to the profile", async () => {
    const client = createApiClient({ fetch: vi.fn(async () => json(200, { id: 7, username: 'ada', language: 'es' })) });

    await expect(fetchProfile(client)).resolves.toMatchObject({ language: 'es' });
  });

  it('has no classroom when the server sends null', async () => {
    const client = createApiClient({ fetch: vi.fn(async () => json(200, { id: 7, username: 'ada', first_name: '', last_name: '', classroom_name: null })) });

    await expect(fetchProfile(client)).resolves.toMatchObject({ classroomName: null });
  });

  it.each([
    [undefined, 'student'],
    ['student', 'student'],
    ['facilitator', 'facilitator'],
    ['admin', 'admin'],
    ['teacher', 'student'],
  ])('reads the role %s as %s', async (role, expected) => {
    const client = createApiClient({ fetch: vi.fn(async () => json(200, { id: 7, username: 'ada', role })) });

    await expect(fetchProfile(client)).resolves.toMatchObject({ role: expected });
  });
});

describe('homePathFor', () => {
  it('sends a student home and staff to the console', () => {
    expect(homePathFor('student')).toBe('/');
    expect(homePathFor('facilitator')).toBe('/facilitator');
    expect(homePathFor('admin')).toBe('/facilitator');
  });
});

describe('displayName', () => {
  it('is the first name, falling back to the username', () => {
    expect(displayName({ firstName: 'Ada', username: 'ada77' })).toBe('Ada');
    expect(displayName({ firstName: '', username: 'ada77' })).toBe('ada77');
  });
});
