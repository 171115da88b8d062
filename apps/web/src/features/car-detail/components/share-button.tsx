import { useState } from 'react';

/** Phones share through the system's sheet (Web Share); elsewhere the address is copied. */
const canShareNatively = () =>
  typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches === true;

/** 'Dela': the ad's address to the phone's share sheet, or copied, with a confirmation read by screen readers. */
export function ShareButton({ title }: { title: string }) {
  const [said, setSaid] = useState({ text: '', id: 0 });
  const say = (text: string) => setSaid((s) => ({ text, id: s.id + 1 }));
  const url = window.location.href;

  async function share() {
    if (canShareNatively()) {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the sheet is not a failure worth a message.
        if (!(error instanceof DOMException && error.name === 'AbortError')) say('Det gick inte att dela annonsen.');
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      say('Länken till annonsen är kopierad.');
    } catch {
      say(`Det gick inte att kopiera länken. Adressen är ${url}`);
    }
  }

  return (
    <div className="share">
      <button type="button" className="button button--secondary" onClick={() => void share()}>
        Dela
      </button>
      <p className="share__status" role="status">
        {said.text && <span key={said.id}>{said.text}</span>}
      </p>
    </div>
  );
}
