// Placeholder until the feature lands; replaced by the feature's page.
export default function ControlPanelRoute() {
  return <h1>control-panel</h1>;
}
