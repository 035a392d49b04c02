import { useTestApp } from '../../../test/app';
import { refundCases } from '../../refund-cases';

/** Refunds with the offline test provider (its refunds in test_payment_refunds). */
const t = useTestApp();

describe('refunds with the test provider', () => {
  refundCases(t, 'pm_card_visa');
});
