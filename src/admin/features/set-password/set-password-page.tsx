import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { STAFF, setStaffPasswordBody } from '../../../contract/admin/staff';
import { adminCall } from '../../lib/admin-api';
import { useAdminTitle } from '../../lib/title';

const ok = z.object({ ok: z.literal(true) });

/**
 * /admin/set-password?token=…: where the link of an owner's "Reset sign-in" lands. The member
 * chooses a new password (POST /SetPassword, public: the link is the proof), then signs in.
 */
export default function SetPasswordPage() {
  useAdminTitle('Set a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const set = useMutation({ mutationFn: (body: z.infer<typeof setStaffPasswordBody>) => adminCall('POST', '/SetPassword', ok, 'Failed to set the password', { body, quiet401: true }) });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="lg" radius="md" w="100%" maw={400}>
        {set.isSuccess ? (
          <Stack>
            <Title order={1} size="h3">
              Your password is set
            </Title>
            <Text size="sm">Sign in with it now. If you used two-step sign-in, set it up again under My account.</Text>
            <Anchor component={Link} to="/signin">
              Sign in
            </Anchor>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = setStaffPasswordBody.safeParse({ token, newPassword });
              const list = parsed.success ? [] : parsed.error.issues.map((i) => (i.path[0] === 'token' ? 'This link is not complete: open it from the mail again' : i.message));
              if (newPassword !== repeat) list.push('The two passwords are not the same');
              setProblems(list);
              if (parsed.success && list.length === 0) set.mutate(parsed.data);
            }}
          >
            <Stack>
              <Title order={1} size="h3">
                Set a new password
              </Title>
              <Text size="sm">For your back-office sign-in. At least {STAFF.passwordMin} characters.</Text>
              <PasswordInput label="New password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.currentTarget.value)} />
              <PasswordInput label="New password again" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} />
              {(problems.length > 0 || set.error) && (
                <Alert color="red" role="alert">
                  {[...problems, ...(set.error ? [set.error.message] : [])].map((p) => (
                    <div key={p}>{p}</div>
                  ))}
                </Alert>
              )}
              <Button type="submit" loading={set.isPending}>
                Set password
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
