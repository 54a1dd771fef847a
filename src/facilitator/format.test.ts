import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { problemOf, relativeTime } from './format.ts';

describe('problemOf', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('gives the message for the error’s code, never the server’s English detail', () => {
    expect(problemOf(new ApiError(409, 'class_name_taken', 'Taken.'))).toBe('A class with this name already exists.');
    expect(problemOf(new ApiError(404, 'no_such_facilitator', 'No facilitator has the username "x".'))).toBe('No facilitator has this username.');
    expect(problemOf(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('The server could not be reached. Check the connection and try again.');
  });

  it('falls back to a generic sentence for a code it has no message for, or for another error', () => {
    expect(problemOf(new ApiError(500, 'internal_error', 'Something went wrong on the server.'))).toBe('Something went wrong. Please try again.');
    expect(problemOf(new ApiError(502, 'http_502', 'Bad Gateway'))).toBe('Something went wrong. Please try again.');
    expect(problemOf(new TypeError('chunk failed'))).toBe('Something went wrong. Please try again.');
  });

  it('speaks the active language', async () => {
    await activateLocale('es');
    expect(problemOf(new ApiError(409, 'username_taken', 'This username is already taken.'))).toBe('Este nombre de usuario ya está en uso.');
    expect(problemOf(new ApiError(500, 'internal_error', 'Something went wrong on the server.'))).toBe('Algo salió mal. Inténtalo de nuevo.');
    expect(relativeTime('2026-11-23T09:59:30Z', Date.parse('2026-11-23T10:00:00Z'))).toBe('hace un momento');
    expect(relativeTime('2026-11-22T10:00:00Z', Date.parse('2026-11-23T10:00:00Z'))).toBe('ayer');
  });
});
