import { useAtom } from 'jotai';
import { useNavigate } from '@shop/shared/router';
import { addedToBasketAtom, Dialog, productThumbnailOf } from '@shop/shared';
import styles from './Basket.module.css';

/** Opens as soon as an item is added (optimistically), closes if the add fails. */
export function AddedToBasketModal() {
  const [added, setAdded] = useAtom(addedToBasketAtom);
  const navigate = useNavigate();
  const close = () => setAdded(null);
  return (
    <Dialog open={added !== null} onClose={close} title="Added to Basket">
      {added ? (
        <div className={styles.added}>
          {added.image ? <img src={productThumbnailOf(added.image)} alt="" width="96" height="96" /> : null}
          <p className={styles.name}>{added.name}</p>
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={close}>
          Continue Shopping
        </button>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            close();
            navigate('/checkout');
          }}
        >
          Checkout
        </button>
      </div>
    </Dialog>
  );
}
