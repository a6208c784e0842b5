/** The e-mail input of the account forms: required without an asterisk, filled in by the browser. */
import { TextInput, type TextInputProps } from '@mantine/core';

export function EmailField(props: TextInputProps) {
  return <TextInput type="email" autoComplete="email" required withAsterisk={false} {...props} />;
}
