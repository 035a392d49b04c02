import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useNavigate } from '@shop/shared/router';
import { TextField, type TextFieldProps } from '@shop/shared';
import type { PaymentConfig } from '../api/checkoutApi';
import { checkoutApi } from '../api/checkoutApi';
import { CheckoutError, failureMessage } from '../checkout/order';
import { digitsOf, formatCardNumber, formatExpiry, parseExpiry, validateCard, type CardErrors, type CardFields } from './testCard';
import type { PaymentHandle } from './types';
import styles from './Payment.module.css';

/**
 * The card form of the offline test provider (no Stripe keys): card number, expiry and CVC,
 * checked like Stripe.js checks them; the API makes the payment method
 * (POST /api/payment/test/payment-methods). An extra confirmation step goes to /payment-complete.
 */
export function TestCardForm({ config, ref }: { config: PaymentConfig; ref?: Ref<PaymentHandle> }) {
  const id = useId();
  const navigate = useNavigate();
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const current = useRef(fields);
  current.current = fields;
  const inputs = useRef<Partial<Record<keyof CardFields, HTMLInputElement | null>>>({});

  useImperativeHandle(
    ref,
    (): PaymentHandle => ({
      async prepare() {
        const found = validateCard(current.current);
        setErrors(found);
        const first = (['number', 'expiry', 'cvc'] as const).find((k) => found[k]);
        if (first) inputs.current[first]?.focus();
        return !first;
      },
      async createPaymentMethod(billing) {
        const expiry = parseExpiry(current.current.expiry)!;
        try {
          const pm = await checkoutApi.createTestPaymentMethod({
            type: 'card',
            card: { number: digitsOf(current.current.number), exp_month: expiry.month, exp_year: expiry.year, cvc: current.current.cvc.trim() },
            billing_details: { name: billing.name, email: billing.email, phone: billing.phone },
          });
          return { id: pm.id, type: 'card' };
        } catch (error) {
          throw new CheckoutError(failureMessage(error), { cause: error });
        }
      },
      async handleNextAction(answer) {
        // The test bank's page is /payment-complete; it finishes the order.
        navigate(answer.redirectUrl ?? `/payment-complete?payment_intent=${encodeURIComponent(answer.paymentIntentId ?? '')}`);
        return null;
      },
    }),
    [navigate],
  );

  const set = (key: keyof CardFields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const field = (key: keyof CardFields, label: string, props: TextFieldProps) => (
    <div className={`${styles.field} ${styles[key]}`}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <TextField
        id={`${id}-${key}`}
        ref={(el) => {
          inputs.current[key] = el;
        }}
        value={fields[key]}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        className={errors[key] ? styles.invalid : undefined}
        {...props}
      />
      {errors[key] ? (
        <span id={`${id}-${key}-error`} className={styles.fieldError}>
          {errors[key]}
        </span>
      ) : null}
    </div>
  );

  return (
    <div className={styles.card}>
      <p className={styles.testNotice}>
        <strong>Test payments:</strong> no money is taken. Use the card 4242 4242 4242 4242 with any future expiry date and any 3-digit
        CVC.
      </p>
      <div className={styles.cardFields}>
        {/* The shared text field strips what a card field cannot hold; the form then groups the digits. */}
        {field('number', 'Card number', {
          digitsOnly: true,
          autoComplete: 'cc-number',
          placeholder: '1234 1234 1234 1234',
          maxLength: 23,
          onValueChange: (digits) => set('number', formatCardNumber(digits)),
        })}
        {field('expiry', 'Expiry date', {
          // Digits, and the separator as shown ('12 / 28'), which formatExpiry reads to tell a deletion.
          strip: /[^\d /]/,
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
          placeholder: 'MM / YY',
          maxLength: 7,
          onValueChange: (text) => set('expiry', formatExpiry(text, fields.expiry)),
        })}
        {field('cvc', 'Security code', {
          digitsOnly: true,
          autoComplete: 'cc-csc',
          placeholder: 'CVC',
          maxLength: 4,
          onValueChange: (digits) => set('cvc', digits),
        })}
      </div>
      {config.testCards?.length ? (
        <details className={styles.testCards}>
          <summary>Test card numbers</summary>
          <ul>
            {config.testCards.map((c) => (
              <li key={c.number}>
                <code>{formatCardNumber(c.number)}</code> {c.description}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
