import { SignupPage } from '../../features/auth/components/signup-page.tsx';

export default function SignupRoute() {
  return <SignupPage />;
}
