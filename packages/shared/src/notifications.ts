/** What a user can be told by email; each kind is switched on or off in settings' 'Aviseringar' tab. */
export const NOTIFICATION_KINDS = ['messages'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The label of each kind's switch in 'Aviseringar'. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'Nya meddelanden',
};
