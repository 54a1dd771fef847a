import { apiClient, type ApiClient } from './client.ts';

/**
 * Changes the signed-in user's password: `POST /api/account/password/` (docs/decisions/009-facilitator-console.md).
 * The server ends the user's other logins; this one stays.
 *
 * @throws {@link ApiError} 400 `wrong_password` when the current password is wrong, 400 for a new
 *   password the sign-up rules refuse (its `detail` says why), or any other failure
 */
export async function changePassword(currentPassword: string, newPassword: string, client: ApiClient = apiClient): Promise<void> {
  await client.request('/api/account/password/', { method: 'POST', body: { current_password: currentPassword, new_password: newPassword } });
}
