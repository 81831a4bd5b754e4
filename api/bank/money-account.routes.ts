import { Router } from 'express';
import { requireSuperuser } from '../platform/guards';
import { pathId } from '../platform/wire';
import { parseMoneyAccountBody, parseMoneyAccountDefaultsBody } from './money-account.schema';
import type { MoneyAccountService } from './money-account.service';
import { MONEY_ACCOUNT_NOT_FOUND } from '../../domain/bank/money-account';

/** `/api/bank-accounts/`: the bank accounts and the cash box; `/api/money-account-defaults/`: which one each payment method and Stripe's payouts go to (superuser). */
export const moneyAccountRoutes = (bank: { moneyAccounts: MoneyAccountService }): Router => {
  const router = Router();
  router.use('/bank-accounts', requireSuperuser);
  router.use('/money-account-defaults', requireSuperuser);

  router.get('/money-account-defaults/', async (_req, res) => {
    res.json(await bank.moneyAccounts.getDefaults());
  });

  router.put('/money-account-defaults/', async (req, res) => {
    res.json(await bank.moneyAccounts.saveDefaults(parseMoneyAccountDefaultsBody(req.body), req.user!.id));
  });

  router.get('/bank-accounts/', async (_req, res) => {
    res.json(await bank.moneyAccounts.list());
  });

  router.post('/bank-accounts/', async (req, res) => {
    res.status(201).json(await bank.moneyAccounts.create(parseMoneyAccountBody(req.body), req.user!.id));
  });

  router.get('/bank-accounts/:id/', async (req, res) => {
    res.json(await bank.moneyAccounts.get(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND)));
  });

  router.put('/bank-accounts/:id/', async (req, res) => {
    res.json(await bank.moneyAccounts.update(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), parseMoneyAccountBody(req.body), req.user!.id));
  });

  router.delete('/bank-accounts/:id/', async (req, res) => {
    await bank.moneyAccounts.remove(pathId(req.params.id, MONEY_ACCOUNT_NOT_FOUND), req.user!.id);
    res.status(204).end();
  });

  return router;
};
