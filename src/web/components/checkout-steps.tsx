import { Stepper } from '@mantine/core';
import { useNavigate } from 'react-router';

const STEPS = [
  { label: 'Cart', path: '/cart' },
  { label: 'Suggested', path: '/checkout/suggested' },
  { label: 'Checkout', path: '/checkout' },
  { label: 'Complete', path: null },
] as const;

/** Cart, Suggested, Checkout, Complete (spec §2, §4): a step can be clicked only up to one ahead of the current. */
export function CheckoutSteps({ active }: { active: 0 | 1 | 2 | 3 }) {
  const navigate = useNavigate();
  const selectable = (i: number) => i !== active && i <= active + 1 && STEPS[i]?.path != null;
  return (
    <Stepper
      active={active}
      size="sm"
      mb="lg"
      allowNextStepsSelect
      onStepClick={(i) => {
        const path = STEPS[i]?.path;
        if (path && selectable(i)) void navigate(path);
      }}
      aria-label="Checkout steps"
    >
      {STEPS.map((s, i) => (
        <Stepper.Step key={s.label} label={s.label} allowStepSelect={selectable(i)} aria-current={i === active ? 'step' : undefined} />
      ))}
    </Stepper>
  );
}
