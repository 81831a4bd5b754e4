import { Router } from 'express';
import { requireSuperuser } from '../platform/guards';
import { pathId } from '../platform/wire';
import { parseRuleBody } from './rule.schema';
import { RULE_NOT_FOUND } from '../../domain/bank/rules';
import type { RuleService } from './rule.service';

/** `/api/bank-rules/`: the rules that categorise recurring statement lines on import (superuser). */
export const bankRuleRoutes = (bank: { rules: RuleService }): Router => {
  const router = Router();
  router.use('/bank-rules', requireSuperuser);
  router.get('/bank-rules/', async (_req, res) => {
    res.json(await bank.rules.list());
  });
  router.post('/bank-rules/', async (req, res) => {
    res.status(201).json(await bank.rules.create(parseRuleBody(req.body), req.user!.id));
  });
  router.put('/bank-rules/:id/', async (req, res) => {
    const id = pathId(req.params.id, RULE_NOT_FOUND);
    res.json(await bank.rules.update(id, parseRuleBody(req.body), req.user!.id));
  });
  router.delete('/bank-rules/:id/', async (req, res) => {
    await bank.rules.remove(pathId(req.params.id, RULE_NOT_FOUND), req.user!.id);
    res.status(204).end();
  });
  return router;
};
