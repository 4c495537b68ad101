import { useTranslation } from 'react-i18next';
import { OneButtonAction } from '../../components/one-button-action.tsx';
import { useAuthController } from '../auth/auth-provider.tsx';
import { errorMessage } from '../auth/error-text.ts';

/** Ends every other session of this account (logout scope "others"); this one stays signed in. */
export function OtherDevices() {
  const { t } = useTranslation('dashboard');
  const controller = useAuthController();
  return (
    <OneButtonAction
      headingId="other-devices-heading"
      heading={t('security.devices.heading')}
      text={t('security.devices.text')}
      button={t('security.devices.submit')}
      busyButton={t('security.devices.submitting')}
      done={t('security.devices.done')}
      errorText={(caught) => errorMessage(caught, t)}
      run={() => controller.signOut('others')}
    />
  );
}
