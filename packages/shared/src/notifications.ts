/** What a user can be told by email; each kind is switched on or off in settings' 'Aviseringar' tab. */
export const NOTIFICATION_KINDS = [
  'messages',
  'watches',
  'priceDrops',
  'reports',
  'moderation',
  'adReminders',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The label of each kind's switch in 'Aviseringar'. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'Nya meddelanden',
  watches: 'Nya bilar i mina bevakningar',
  priceDrops: 'Sänkta priser på sparade annonser',
  reports: 'Besked om mina anmälningar',
  moderation: 'Besked om mina annonser från moderatorerna',
  adReminders: 'Påminnelser om mina annonser (går snart ut, fortfarande till salu?)',
};

/** One switch per kind: whether its mails are sent (`GET`/`PUT /user/notification-settings`). */
export type NotificationSettings = Record<NotificationKind, boolean>;

export const NOTIFICATION_SETTINGS_MESSAGES = {
  notObject: 'Ange inställningarna för aviseringar',
  unknownKind: 'Okänd sorts avisering',
  missing: 'Ange om mejl ska skickas för varje sorts avisering',
  notBoolean: 'Ange på eller av (true eller false)',
  saved: 'Inställningarna för aviseringar är sparade',
} as const;

/** The line that ends every notification mail: how to switch such mails off. */
export function notificationFooter(publicUrl: string): string {
  return `Du får det här mejlet för att du har aviseringar påslagna. Stäng av dem under Inställningar, fliken Aviseringar: ${publicUrl}/settings`;
}
