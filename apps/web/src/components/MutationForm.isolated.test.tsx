// @vitest-environment happy-dom
import { Button, Input } from '@chakra-ui/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_FORMAT_MESSAGE, EMAIL_MISSING_MESSAGE, SIGN_IN_PASSWORD_MISSING_MESSAGE, signInInput } from '@yozy/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE } from '@/lib/requestErrors';
import type { UserErrorFieldsFragment } from '@/generated/graphql';
import { FORM_CODE_MISSING_MESSAGE, useMutationForm, type CallFailure } from '@/lib/useMutationForm';
import { renderInConsole } from '@/testing/render';
import { FormField } from './FormField';
import { MutationForm } from './MutationForm';

// The captcha's proof of work runs in a widget; here each answer is numbered, so a test can tell them apart.
const captcha = vi.hoisted(() => ({ take: vi.fn<() => Promise<string>>(), prepare: vi.fn() }));
vi.mock('@/lib/useCaptcha', () => ({ useCaptcha: () => captcha }));

type Payload = { signedIn: boolean; errors: UserErrorFieldsFragment[] };
type Call = (values: { email: string; password: string }, captcha: string) => Promise<Payload | null>;

const signInSchema = async () => signInInput;

function SignInForm({
  call,
  onSuccess = vi.fn(),
  onFailure,
  focusOnArrival,
  schema = signInSchema,
}: {
  schema?: typeof signInSchema;
  call: Call;
  onSuccess?: () => void;
  onFailure?: (f: CallFailure) => void;
  focusOnArrival?: boolean;
}) {
  const kit = useMutationForm({
    schema,
    defaultValues: { email: '', password: '' },
    captcha: true,
    call,
    onSuccess,
    onFailure,
  });
  return (
    <MutationForm
      kit={kit}
      label="Sign in"
      alertTestId="form-alert"
      alertDetails={(error) => error.code === 'INVALID_TOKEN' && <a href="/again">Ask again</a>}
      focusOnArrival={focusOnArrival}
    >
      <FormField name="email" label="Email" required>
        {(control) => <Input type="email" {...control} />}
      </FormField>
      <FormField name="password" label="Password" required>
        {(control) => <Input type="password" {...control} />}
      </FormField>
      <Button type="submit" loading={kit.submitting}>
        Sign in
      </Button>
    </MutationForm>
  );
}

const email = () => screen.getByLabelText(/Email/);
const password = () => screen.getByLabelText(/Password/);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function fill(emailValue: string, passwordValue: string) {
  await userEvent.type(email(), emailValue);
  await userEvent.type(password(), passwordValue);
}

beforeEach(() => {
  let solved = 0;
  captcha.take.mockReset().mockImplementation(async () => `answer-${++solved}`);
  captcha.prepare.mockReset();
});

describe('a kit form calling a mutation', () => {
  it('shows the schema messages under their fields without calling, and focuses the first field to fix', async () => {
    const call = vi.fn<Call>();
    renderInConsole(<SignInForm call={call} />);
    await userEvent.type(password(), 'x');
    await userEvent.clear(password());

    await submit();

    expect(errorOf(email())).toBe(EMAIL_MISSING_MESSAGE);
    expect(errorOf(password())).toBe(SIGN_IN_PASSWORD_MISSING_MESSAGE);
    expect(email().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(call).not.toHaveBeenCalled();
    expect(captcha.take).not.toHaveBeenCalled();
  });

  it('focuses the first field to fix in page order, not the first the schema names', async () => {
    renderInConsole(<SignInForm call={vi.fn<Call>()} />);
    await userEvent.type(email(), 'admin@yozy.local');
    await submit();
    expect(errorOf(email())).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(password()));
  });

  it('takes away a message when its field is edited, and judges again only on submit', async () => {
    renderInConsole(<SignInForm call={vi.fn<Call>()} />);
    await userEvent.type(email(), 'admin');
    await submit();
    expect(errorOf(email())).toBe(EMAIL_FORMAT_MESSAGE);

    await userEvent.type(email(), '@');
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(email())).toBeUndefined();
    expect(errorOf(password())).toBe(SIGN_IN_PASSWORD_MISSING_MESSAGE);
  });

  it('calls with the checked values and one fresh captcha answer, then reports success', async () => {
    const call = vi.fn<Call>(async () => ({ signedIn: true, errors: [] }));
    const onSuccess = vi.fn();
    renderInConsole(<SignInForm call={call} onSuccess={onSuccess} />);
    await fill('  admin@yozy.local ', 'Admin@123 ');

    await submit();

    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(call).toHaveBeenCalledWith({ email: 'admin@yozy.local', password: 'Admin@123 ', keepSignedIn: true }, 'answer-1');
    expect(onSuccess).toHaveBeenCalledWith(
      { signedIn: true, errors: [] },
      { email: 'admin@yozy.local', password: 'Admin@123 ', keepSignedIn: true },
    );
    expect(captcha.take).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts payload errors under the input fields they name, keeps what was typed, and focuses the first', async () => {
    const call = vi.fn<Call>(async () => ({
      signedIn: false,
      errors: [
        { code: 'BAD_USER_INPUT', field: 'input.password', message: 'That password is too long for us' },
        { code: 'BAD_USER_INPUT', field: 'email', message: 'That address cannot sign in here' },
      ],
    }));
    const onFailure = vi.fn();
    renderInConsole(<SignInForm call={call} onFailure={onFailure} />);
    await fill('admin@yozy.local', 'Admin@123');

    await submit();

    await waitFor(() => expect(errorOf(password())).toBe('That password is too long for us'));
    expect(errorOf(email())).toBe('That address cannot sign in here');
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(email()).toHaveProperty('value', 'admin@yozy.local');
    expect(password()).toHaveProperty('value', 'Admin@123');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'That password is too long for us', code: 'BAD_USER_INPUT' }),
    );
    expect(captcha.prepare).toHaveBeenCalled();
  });

  it('shows a payload error of no field of the form in the alert, which takes focus', async () => {
    const call = vi.fn<Call>(async () => ({
      signedIn: false,
      errors: [{ code: 'CAPTCHA_FAILED', field: 'captcha', message: 'We could not check that you are a person' }],
    }));
    renderInConsole(<SignInForm call={call} />);
    await fill('admin@yozy.local', 'Admin@123');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not check that you are a person');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it("words a payload error by its code where the console has its own words, and offers the alert's way on", async () => {
    const call = vi.fn<Call>(async () => ({
      signedIn: false,
      errors: [{ code: 'INVALID_TOKEN', field: 'token', message: 'token unknown' }],
    }));
    renderInConsole(<SignInForm call={call} />);
    await fill('admin@yozy.local', 'Admin@123');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The URL you are trying to use has expired');
    expect(alert.textContent).not.toContain('token unknown');
    expect(screen.getByRole('link', { name: 'Ask again' })).toBeTruthy();
  });

  it('shows a failed request in the alert, keeps what was typed, and clears the alert on the next good call', async () => {
    const call = vi
      .fn<Call>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ signedIn: true, errors: [] });
    const onFailure = vi.fn();
    renderInConsole(<SignInForm call={call} onFailure={onFailure} />);
    await fill('admin@yozy.local', 'Admin@123');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UNREACHABLE_MESSAGE);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(email()).toHaveProperty('value', 'admin@yozy.local');
    expect(password()).toHaveProperty('value', 'Admin@123');
    expect(onFailure).toHaveBeenCalledWith({ message: UNREACHABLE_MESSAGE, code: null, errors: [] });

    await submit();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says something went wrong when the payload is missing', async () => {
    renderInConsole(<SignInForm call={vi.fn<Call>(async () => null)} />);
    await fill('admin@yozy.local', 'Admin@123');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain(UNEXPECTED_MESSAGE);
  });

  it('takes one captcha answer per submit that reaches the server, and prepares the next after a failure', async () => {
    const call = vi.fn<Call>(async () => ({ signedIn: false, errors: [{ code: 'INVALID_CREDENTIALS', field: null, message: 'No' }] }));
    renderInConsole(<SignInForm call={call} />);
    await fill('admin@yozy.local', 'Wrong@123');

    await submit();
    await screen.findByRole('alert');
    await submit();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));

    expect(captcha.take).toHaveBeenCalledTimes(2);
    expect(call.mock.calls.map(([, answer]) => answer)).toEqual(['answer-1', 'answer-2']);
    expect(captcha.prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps what was typed and says nothing was sent when the code that checks the form could not be loaded, and loads it on the next submit', async () => {
    const schema = vi
      .fn<typeof signInSchema>()
      // Loaded when the person starts typing, and again on submit.
      .mockRejectedValueOnce(new Error('The code of this part of the console could not be loaded'))
      .mockRejectedValueOnce(new Error('The code of this part of the console could not be loaded'))
      .mockImplementation(signInSchema);
    const call = vi.fn<Call>(async () => ({ signedIn: true, errors: [] }));
    renderInConsole(<SignInForm call={call} schema={schema} />);
    await fill('admin@yozy.local', 'Admin@123');

    await submit();
    const alert = await screen.findByTestId('form-alert');
    expect(alert.textContent).toContain(FORM_CODE_MISSING_MESSAGE);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(call).not.toHaveBeenCalled();
    expect((email() as HTMLInputElement).value).toBe('admin@yozy.local');
    expect((password() as HTMLInputElement).value).toBe('Admin@123');
    // Or the page is loaded again, with the console's code as it is now.
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledOnce();

    await submit();
    await waitFor(() => expect(call).toHaveBeenCalledOnce());
    expect(schema).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
  });

  it('sends nothing twice while a call is under way', async () => {
    let answer: (payload: Payload) => void = () => undefined;
    const call = vi.fn<Call>(() => new Promise((resolve) => (answer = resolve)));
    renderInConsole(<SignInForm call={call} />);
    await fill('admin@yozy.local', 'Admin@123');

    await submit();
    await waitFor(() => expect(call).toHaveBeenCalledOnce());
    // Enter in a field submits the form even while the button shows it is busy.
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer({ signedIn: true, errors: [] });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false));
    expect(call).toHaveBeenCalledOnce();
    expect(captcha.take).toHaveBeenCalledOnce();
  });
});

describe('focus on arrival', () => {
  it('puts the focus in the first field of the form its page is for', () => {
    renderInConsole(<SignInForm call={vi.fn<Call>()} focusOnArrival />);
    expect(document.activeElement).toBe(email());
  });

  it('leaves the focus where the person already put it, and leaves other forms alone', () => {
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    const { unmount } = renderInConsole(<SignInForm call={vi.fn<Call>()} focusOnArrival />);
    expect(document.activeElement).toBe(elsewhere);
    unmount();
    elsewhere.remove();

    renderInConsole(<SignInForm call={vi.fn<Call>()} />);
    expect(document.activeElement).toBe(document.body);
  });
});
