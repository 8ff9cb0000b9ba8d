import { Alert, Button, Group, Image, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { ROLE_LABELS } from '../../../contract/admin/permissions';
import { changeStaffPasswordBody, totpConfirmBody, totpDisableBody, totpEnrolmentSchema, totpStartBody } from '../../../contract/admin/staff';
import { notify } from '../../../web/components/notify';
import { adminCall } from '../../lib/admin-api';
import { SESSION_KEY, useStaffSession } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';

const ok = z.object({ ok: z.literal(true) });
const issues = (r: { success: boolean; error?: z.ZodError }) => (r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []));

function Problems({ list, error }: { list: string[]; error: Error | null }) {
  const all = [...list, ...(error ? [error.message] : [])];
  if (all.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {all.map((p) => (
        <div key={p}>{p}</div>
      ))}
    </Alert>
  );
}

function PasswordSection() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const change = useMutation({ mutationFn: (body: z.infer<typeof changeStaffPasswordBody>) => adminCall('POST', '/Me/Password', ok, 'Failed to change the password', { body }) });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="password-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = changeStaffPasswordBody.safeParse({ currentPassword, newPassword });
          setProblems(issues(parsed));
          if (parsed.success)
            change.mutate(parsed.data, {
              onSuccess: () => {
                notify('green', 'Your password is changed');
                setCurrent('');
                setNew('');
              },
            });
        }}
      >
        <Stack maw={360}>
          <Title order={2} size="h4" id="password-title">
            Password
          </Title>
          <PasswordInput label="Current password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.currentTarget.value)} />
          <PasswordInput label="New password" description="At least 10 characters" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.currentTarget.value)} />
          <Problems list={problems} error={change.error} />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** Set up (or replace) an authenticator: the password first, then the QR code and a code from the new app. */
function TotpSetUp({ replacing, onDone }: { replacing: boolean; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const start = useMutation({ mutationFn: (body: { password: string }) => adminCall('POST', '/Me/Totp', totpEnrolmentSchema, 'Failed to start two-step sign-in', { body }) });
  const confirm = useMutation({ mutationFn: (body: { code: string }) => adminCall('POST', '/Me/Totp/Confirm', ok, 'Failed to confirm the code', { body }) });
  const enrolment = start.data;
  if (!enrolment) {
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = totpStartBody.safeParse({ password });
          setProblems(issues(parsed));
          if (parsed.success) start.mutate(parsed.data, { onSuccess: () => setPassword('') });
        }}
      >
        <Stack>
          <PasswordInput
            label={replacing ? 'Your password, to set up a new authenticator' : 'Your password, to set it up'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Problems list={problems} error={start.error} />
          <Button type="submit" loading={start.isPending} w="fit-content">
            {replacing ? 'Set up a new authenticator' : 'Set up'}
          </Button>
        </Stack>
      </form>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = totpConfirmBody.safeParse({ code: code.trim() });
        setProblems(issues(parsed));
        if (parsed.success)
          confirm.mutate(parsed.data, {
            onSuccess: () => {
              notify('green', replacing ? 'The new authenticator is in use; your other sessions were signed out' : 'Two-step sign-in is on; your other sessions were signed out');
              start.reset();
              setCode('');
              onDone();
            },
          });
      }}
    >
      <Stack>
        <Text size="sm">
          Scan this code with your authenticator app, or type the secret in by hand, then enter the 6-digit code it shows.
          {replacing ? ' Until then your current authenticator keeps working.' : ''}
        </Text>
        <Image src={enrolment.qrSvg} alt="QR code for your authenticator app" w={200} h={200} fit="contain" />
        <TextInput label="Secret" value={enrolment.secret} readOnly />
        <TextInput label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <Problems list={problems} error={confirm.error} />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
          <Button variant="default" onClick={() => start.reset()}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turn it off: the password and a current code. */
function TotpTurnOff({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const disable = useMutation({ mutationFn: (body: z.infer<typeof totpDisableBody>) => adminCall('POST', '/Me/Totp/Disable', ok, 'Failed to turn two-step sign-in off', { body }) });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = totpDisableBody.safeParse({ password, code: code.trim() });
        setProblems(issues(parsed));
        if (parsed.success)
          disable.mutate(parsed.data, {
            onSuccess: () => {
              notify('green', 'Two-step sign-in is off; your other sessions were signed out');
              setPassword('');
              setCode('');
              onDone();
            },
          });
      }}
    >
      <Stack>
        <PasswordInput label="Your password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <TextInput label="A code from your authenticator app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <Problems list={problems} error={disable.error} />
        <Button type="submit" color="red.9" variant="outline" loading={disable.isPending} w="fit-content">
          Turn off
        </Button>
      </Stack>
    </form>
  );
}

/** TOTP: set up with the password; when on, replace it (the current one works until the new one is confirmed) or turn it off. */
function TotpSection({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<'replace' | 'off' | null>(null);
  const refresh = () => {
    setAction(null);
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="totp-title">
      <Stack maw={420}>
        <Title order={2} size="h4" id="totp-title">
          Two-step sign-in (authenticator app)
        </Title>
        {!enabled ? (
          <>
            <Text size="sm">Off. Turn it on to be asked for a code from an authenticator app when you sign in.</Text>
            <TotpSetUp replacing={false} onDone={refresh} />
          </>
        ) : (
          <>
            <Text size="sm">On: signing in asks for a 6-digit code from your authenticator app. Changing it signs out your other sessions.</Text>
            <SegmentedControl
              value={action ?? ''}
              onChange={(v) => setAction(v === 'replace' || v === 'off' ? v : null)}
              data={[
                { value: '', label: 'Keep it' },
                { value: 'replace', label: 'New phone or app' },
                { value: 'off', label: 'Turn off' },
              ]}
              aria-label="Two-step sign-in"
            />
            {action === 'replace' && <TotpSetUp replacing onDone={refresh} />}
            {action === 'off' && <TotpTurnOff onDone={refresh} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** My account: who I am, my password, my TOTP. */
export default function AccountPage() {
  useAdminTitle('My account');
  const session = useStaffSession().data;
  if (!session) return null;
  const { staff } = session;
  return (
    <Stack>
      <Title order={1}>My account</Title>
      <Text>
        {staff.name} · {staff.email} · {staff.roles.map((r) => ROLE_LABELS[r]).join(', ')}
        {staff.warehouse ? ` (${staff.warehouse === 'west' ? 'West' : 'East'})` : ''}
      </Text>
      <PasswordSection />
      <TotpSection enabled={session.totpEnabled} />
    </Stack>
  );
}
