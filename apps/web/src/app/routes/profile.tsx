// Placeholder until the feature lands; replaced by the feature's page.
export default function ProfileRoute() {
  return <h1>profile</h1>;
}
