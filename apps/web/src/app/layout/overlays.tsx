import { LoginDialog } from '../../features/auth/components/login-dialog.tsx';
import { LeftMenu } from './left-menu.tsx';
import { ProfileDrawer } from './profile-drawer.tsx';
import { WelcomeDialog } from './welcome-dialog.tsx';

interface OverlaysProps {
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  profileOpen: boolean;
  onProfileOpenChange: (open: boolean) => void;
  welcomeOpen: boolean;
  onWelcomeClose: () => void;
  onHelp: () => void;
}

/** The header's 'Meny' button: where the keyboard goes back after 'Hjälp', whose menu has closed. */
const menuButton = () => document.querySelector<HTMLElement>('.header__menu');

/** Everything that opens over the page; its own chunk (see app-layout.tsx). */
export default function Overlays(props: OverlaysProps) {
  return (
    <>
      <LeftMenu open={props.menuOpen} onOpenChange={props.onMenuOpenChange} onHelp={props.onHelp} />
      <ProfileDrawer open={props.profileOpen} onOpenChange={props.onProfileOpenChange} />
      <LoginDialog />
      <WelcomeDialog open={props.welcomeOpen} onClose={props.onWelcomeClose} fallbackFocus={menuButton} />
    </>
  );
}
