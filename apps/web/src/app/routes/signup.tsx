// Placeholder until the feature lands; replaced by the feature's page.
export default function SignupRoute() {
  return <h1>signup</h1>;
}
