// Placeholder until the feature lands; replaced by the feature's page.
export default function FeedbackRoute() {
  return <h1>feedback</h1>;
}
