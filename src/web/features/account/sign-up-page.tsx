import { Alert, Anchor, Stepper, Text } from '@mantine/core';
import { notify } from './notify';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { AuthCard } from './auth-card';
import { SignUpContactStep } from './sign-up-contact-step';
import { SignUpEmailStep } from './sign-up-email-step';
import { SignUpFinalStep } from './sign-up-final-step';
import { useSignUpProgress } from './sign-up-progress';
import { SIGN_UP_REDIRECT_MS } from './texts';

const STEPS = ['Email', 'Contact', 'Account'];

/** The three-step sign-up wizard (spec §2, §4): the success message, then /signin after 2 seconds. */
export default function SignUpPage() {
  usePageMeta('Create a trade account', 'Open a free Skyline Balloons trade account: wholesale prices, fast shipping from two warehouses.');
  const wizard = useSignUpProgress();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/signin'), SIGN_UP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <AuthCard title="Create a trade account">
        <Alert color="green" role="status" title="Welcome aboard">
          {SUCCESS.signUp}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create a trade account" intro={`Step ${wizard.step + 1} of 3: ${STEPS[wizard.step]}`} size={620}>
      <Stepper active={wizard.step} allowNextStepsSelect={false} size="xs" wrap={false} mb="lg" aria-label="Sign-up progress" styles={{ separator: { marginInline: 6 }, stepBody: { marginInlineStart: 6 } }}>
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      {wizard.step === 0 && <SignUpEmailStep data={wizard.data} onNext={wizard.next} />}
      {wizard.step === 1 && <SignUpContactStep data={wizard.data} onNext={wizard.next} onBack={wizard.previous} />}
      {wizard.step === 2 && (
        <SignUpFinalStep
          data={wizard.data}
          onBack={wizard.previous}
          onDone={() => {
            wizard.clear();
            notify(true, SUCCESS.signUp);
            setDone(true);
          }}
        />
      )}
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to="/signin">
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
