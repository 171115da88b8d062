import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '@bilmarknaden/shared/notifications';
import { apiFetch, identityUrl } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';
import { useSessionToken } from '../../../lib/session-store.ts';

/** Email on or off per kind of notification ('Aviseringar'). */
export type NotificationSettings = Record<NotificationKind, boolean>;

// identityPaths.notificationSettings once the identity branch that adds it is merged.
const SETTINGS_PATH = '/user/notification-settings';
export const NOTIFICATION_SETTINGS_KEY = ['notification-settings'] as const;

const fetchSettings = (signal?: AbortSignal) =>
  logged(apiFetch<NotificationSettings>(identityUrl(SETTINGS_PATH), { auth: true, signal }));

const saveSettings = (settings: NotificationSettings) =>
  apiFetch<NotificationSettings | undefined>(identityUrl(SETTINGS_PATH), {
    method: 'PUT',
    auth: true,
    body: settings,
  });

export function useNotificationSettings() {
  const token = useSessionToken();
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: ({ signal }) => fetchSettings(signal),
    enabled: token !== null,
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (answer, sent) => client.setQueryData(NOTIFICATION_SETTINGS_KEY, answer ?? sent),
    onError: (error) => console.error('Aviseringarna kunde inte sparas', error),
  });
}
