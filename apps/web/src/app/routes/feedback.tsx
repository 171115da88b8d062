import { FeedbackPage } from '../../features/feedback/components/feedback-page.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';

/** The feedback form with the logged-in user's name and email filled in. */
export default function FeedbackRoute() {
  const { data } = useCurrentUser();
  const sender = data && { name: `${data.firstname} ${data.lastname}`.trim(), email: data.email ?? '' };
  return <FeedbackPage sender={sender} />;
}
