import type { ReactNode } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronIcon } from '../../../lib/icons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NotificationSettings } from './notification-settings.tsx';
import '../settings.css';

interface SettingsPageProps {
  /** The profile page, composed in by the route (features do not import each other). */
  profile: ReactNode;
}

/** /settings: a collapsible list of four tabs (section 2); the title keeps the specification's spelling. */
export function SettingsPage({ profile }: SettingsPageProps) {
  useDocumentTitle('Inställningar');
  const sections: { id: string; title: string; content: ReactNode }[] = [
    { id: 'profile', title: 'Min profil', content: profile },
    { id: 'notifications', title: 'Aviseringar', content: <NotificationSettings /> },
    { id: 'language', title: 'Språk och region', content: <p>Language</p> },
    { id: 'payments', title: 'Betalningar', content: <p>Payments</p> },
  ];
  return (
    <section className="page page--wide">
      <h1>Inställnignar</h1>
      <ul className="accordion">
        {sections.map((s) => (
          <li key={s.id}>
            <Collapsible.Root>
              <h2 style={{ margin: 0, fontSize: 'inherit' }}>
                <Collapsible.Trigger className="accordion__trigger">
                  <span>{s.title}</span>
                  <ChevronIcon />
                </Collapsible.Trigger>
              </h2>
              <Collapsible.Content className="accordion__panel">{s.content}</Collapsible.Content>
            </Collapsible.Root>
          </li>
        ))}
      </ul>
    </section>
  );
}
