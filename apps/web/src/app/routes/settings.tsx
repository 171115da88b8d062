// Placeholder until the feature lands; replaced by the feature's page.
export default function SettingsRoute() {
  return <h1>settings</h1>;
}
