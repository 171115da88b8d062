// Placeholder until the feature lands; replaced by the feature's page.
export default function NewPartRoute() {
  return <h1>new-part</h1>;
}
