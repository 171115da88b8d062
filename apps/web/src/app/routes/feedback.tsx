import { FeedbackPage } from '../../features/feedback/feedback-page.tsx';

export default function FeedbackRoute() {
  return <FeedbackPage />;
}
