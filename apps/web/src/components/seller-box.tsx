import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format.ts';
import { useSellerProfile, useSellerReplyTime, useSellerSummary } from '../lib/seller-queries.ts';
import { VerifiedBadge } from './verified-badge.tsx';
import './seller-box.css';

/** 'Svarar oftast inom …' from the median first reply in minutes: rounded up to hours, then days. */
export function replyTimeText(minutes: number): string {
  const hours = Math.max(1, Math.ceil(minutes / 60));
  if (hours === 1) return 'Svarar oftast inom en timme';
  if (hours < 48) return `Svarar oftast inom ${hours} timmar`;
  return `Svarar oftast inom ${Math.ceil(hours / 24)} dagar`;
}

const adCount = (n: number, what: string) => `${formatNumber(n)} ${n === 1 ? 'bil' : 'bilar'} ${what}`;

interface SellerBoxProps {
  username: string;
  /** The level of the box's heading 'Säljare': the ad page's sections are h2. */
  headingLevel?: 2 | 3;
  /** Buttons under the facts (Skicka meddelande, Besök profil, Anmäl). */
  children?: ReactNode;
}

/**
 * What a buyer knows about a seller (issue 42): the name, 'Verifierad med BankID', 'Medlem sedan', the usual reply
 * time and the ads for sale and sold. Each line shows once its answer is in; a failed read leaves its line out.
 */
export function SellerBox({ username, headingLevel = 2, children }: SellerBoxProps) {
  const profile = useSellerProfile(username).data;
  const summary = useSellerSummary(username).data;
  const replyMinutes = useSellerReplyTime(username).data?.medianMinutes;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="seller-box" aria-labelledby="seller-box-heading">
      <Heading id="seller-box-heading" className="seller-box__heading">
        Säljare
      </Heading>
      <p className="seller-box__name">
        {profile ? `${profile.firstname} ` : ''}
        <span className="seller-box__username">@{username}</span>
      </p>
      {profile?.verified && <VerifiedBadge />}
      <ul className="seller-box__facts">
        {profile && <li>Medlem sedan {new Date(profile.memberSince).getFullYear()}</li>}
        {replyMinutes != null && <li>{replyTimeText(replyMinutes)}</li>}
        {summary && <li>{adCount(summary.forSale, 'till salu')}</li>}
        {summary && summary.sold > 0 && <li>{adCount(summary.sold, 'sålda här')}</li>}
      </ul>
      {children}
    </section>
  );
}
