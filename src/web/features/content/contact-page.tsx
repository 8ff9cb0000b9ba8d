import { Alert, Button, Card, Grid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CONTACT_MESSAGES, type ContactRequest, contactRequestSchema } from '../../../contract/content';
import { usePageMeta } from '../../lib/page-meta';
import { useSendContactMessage } from './api';

export default function ContactPage() {
  usePageMeta('Contact us', 'Call, write or send a message to Skyline Balloons wholesale: orders, accounts, product questions.');
  const send = useSendContactMessage();
  const form = useForm<ContactRequest>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', company: '', phone: '', subject: '', message: '' },
    validate: zod4Resolver(contactRequestSchema),
  });
  return (
    <Stack maw={1100} mx="auto" px="md" py={48} gap="lg">
      <div>
        <Title order={1}>Contact us</Title>
        <Text size="lg" c="dimmed" mt="sm">
          Questions about an order, an account or a product? We answer every message within one business day.
        </Text>
      </div>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="lg" p="lg">
            <Title order={2} size="h4">
              Skyline Balloons
            </Title>
            <Text mt="xs">Customer service: Monday to Friday, 8 am to 5 pm Pacific</Text>
            <Text mt="sm" fw={600}>
              Phone
            </Text>
            <Text>(559) 555-0100</Text>
            <Text mt="sm" fw={600}>
              Email
            </Text>
            <Text>hello@skyline-balloons.example</Text>
            <Text mt="sm" fw={600}>
              West warehouse
            </Text>
            <Text>2500 S Cherry Ave, Fresno, CA 93706</Text>
            <Text mt="sm" fw={600}>
              East warehouse
            </Text>
            <Text>19200 Greeno Rd, Fairhope, AL 36532</Text>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="lg" p="lg">
            <Title order={2} size="h4" mb="md">
              Send us a message
            </Title>
            {send.isSuccess ? (
              <Alert color="green" title="Message sent" role="status">
                {CONTACT_MESSAGES.sent} Your reference is {send.data.reference}.
              </Alert>
            ) : (
              <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
                <Stack gap="sm">
                  {send.error && (
                    <Alert color="red" role="alert">
                      {send.error.message}
                    </Alert>
                  )}
                  <Grid>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput label="Your name" withAsterisk autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput label="Email" withAsterisk type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput label="Company" autoComplete="organization" key={form.key('company')} {...form.getInputProps('company')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput label="Phone" type="tel" autoComplete="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
                    </Grid.Col>
                  </Grid>
                  <TextInput label="Subject" key={form.key('subject')} {...form.getInputProps('subject')} />
                  <Textarea label="Message" withAsterisk minRows={5} autosize key={form.key('message')} {...form.getInputProps('message')} />
                  <Button type="submit" loading={send.isPending} w="fit-content">
                    Send message
                  </Button>
                </Stack>
              </form>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
