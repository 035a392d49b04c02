import styles from './PasswordStrength.module.css';

export type Strength = 'No Password' | 'Weak' | 'Medium' | 'Strong' | 'Very Strong';

/**
 * How strong a new password looks: length and the kinds of character used (lower case, upper
 * case, digits, others). A hint only; the rule the shop enforces is in @shop/shared's schema.
 */
export function passwordStrength(password: string): Strength {
  if (!password) return 'No Password';
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
  if (password.length < 8 || kinds < 2) return 'Weak';
  if (password.length >= 12 && kinds >= 3) return kinds === 4 ? 'Very Strong' : 'Strong';
  return kinds >= 3 ? 'Strong' : 'Medium';
}

const level: Record<Strength, number> = { 'No Password': 0, Weak: 1, Medium: 2, Strong: 3, 'Very Strong': 4 };

/** 'Password Strength: Medium' with a bar, announced politely as the shopper types. */
export function PasswordStrength({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <div className={styles.wrap} aria-live="polite">
      <span className={styles.bar} data-level={level[strength]} aria-hidden="true" />
      <span>
        Password Strength: <strong>{strength}</strong>
      </span>
    </div>
  );
}
