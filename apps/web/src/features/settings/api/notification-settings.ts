import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { NotificationSettings } from '@bilmarknaden/shared/notifications';
import { apiFetch, identityUrl } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';
import { useSessionToken } from '../../../lib/session-store.ts';

export type { NotificationSettings };

const SETTINGS_PATH = identityPaths.notificationSettings;
export const NOTIFICATION_SETTINGS_KEY = ['notification-settings'] as const;

const fetchSettings = (signal?: AbortSignal) =>
  logged(apiFetch<NotificationSettings>(identityUrl(SETTINGS_PATH), { auth: true, signal }));

const saveSettings = (settings: NotificationSettings) =>
  apiFetch<NotificationSettings>(identityUrl(SETTINGS_PATH), {
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
    onSuccess: (answer) => client.setQueryData(NOTIFICATION_SETTINGS_KEY, answer),
    onError: (error) => console.error('Aviseringarna kunde inte sparas', error),
  });
}
