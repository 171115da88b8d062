import { useLocation } from 'react-router';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';

/** /forgot-password and /reset-password: one chunk for the two (app/router.tsx). */
export default function PasswordResetRoute() {
  const reset = useLocation().pathname.toLowerCase().startsWith(PAGE_PATHS.resetPassword);
  return reset ? <ResetPasswordPage /> : <ForgotPasswordPage />;
}
