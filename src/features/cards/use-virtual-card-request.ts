import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useCardsTranslation } from './texts';
import { requestVirtualCard } from '@/api/cards';
import type { Account } from '@/api/accounts/accounts-schema';
import { virtualCardCode, type VirtualCardCode } from '@/api/virtual-card-account';
import { useAccountList } from '@/hooks/use-account-list';
import { useRuntimeConfig } from '@/config/config-context';
import { formatCnpj } from '@/lib/cnpj';
import { parseCode, useCardOperation } from './use-card-operation';

/** An account of the list with the code it would be requested under (or why it cannot be). */
export interface AccountOption {
  account: Account;
  code: VirtualCardCode;
  taxIdFormatted: string;
}

/**
 * The virtual card request's state: the account list as options (when the token may read it), whether
 * the code is typed instead, the account chosen or typed, and the operation behind its confirmation.
 */
export function useVirtualCardRequest(
  /** An account code handed over by the accounts screen: its confirmation opens at once. */
  handedOverAccount: number | null,
) {
  const { t } = useCardsTranslation();
  const { virtualCardAccountField: field } = useRuntimeConfig();
  const { accounts, forbidden } = useAccountList();

  // Every account stays in the list; those whose field is not a whole number are shown disabled with
  // the reason (a provider with UUID accountIds must not get an empty picker or a silent guess).
  const options = useMemo<AccountOption[]>(
    () =>
      (accounts.data ?? []).map((account) => ({
        account,
        code: virtualCardCode(account, field),
        taxIdFormatted: formatCnpj(account.taxId),
      })),
    [accounts.data, field],
  );
  const requestable = useMemo(() => options.filter((option) => option.code.ok), [options]);
  const noneQualifies = accounts.isSuccess && requestable.length === 0;
  const typed = forbidden || accounts.isError || noneQualifies;

  const [selectedCode, setSelectedCode] = useState<number | null>(handedOverAccount);
  const [codeText, setCodeText] = useState(handedOverAccount === null ? '' : String(handedOverAccount));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const accountInputRef = useRef<HTMLInputElement>(null);
  const controls = useCardOperation('virtualCard', requestVirtualCard, handedOverAccount);
  const { confirming, ask, dismissOutcome } = controls;
  const refusalFields = useMemo(
    () => ({
      account: {
        label: typed ? t('cards.virtual.accountCodeLabel') : t('cards.virtual.accountLabel'),
        focus: () => accountInputRef.current?.focus(),
      },
    }),
    [typed, t],
  );

  const byCode = useMemo(
    () => new Map(requestable.map((option) => [option.code.ok ? option.code.code : null, option])),
    [requestable],
  );

  return {
    field,
    accounts,
    forbidden,
    noneQualifies,
    /** The code is typed: no list to pick from (no scope, no answer, or no account qualifies). */
    typed,
    options,
    codeText,
    onCodeText: (text: string) => {
      setCodeText(text);
      dismissOutcome();
    },
    selectedOption: selectedCode === null ? null : (byCode.get(selectedCode) ?? null),
    onSelect: (option: AccountOption | null) => {
      setSelectedCode(option?.code.ok ? option.code.code : null);
      setFieldError(null);
      dismissOutcome();
    },
    fieldError,
    accountInputRef,
    onSubmit: (event: SyntheticEvent) => {
      event.preventDefault();
      const code = typed ? parseCode(codeText) : selectedCode;
      if (code === null) {
        setFieldError(typed ? t('cards.codeInvalid') : t('cards.virtual.pickFirst'));
        dismissOutcome();
        return;
      }
      setFieldError(null);
      ask(code);
    },
    controls,
    refusalFields,
    /** The listed account whose code is being confirmed, when the code came from the list. */
    confirmingOption: confirming === null ? undefined : byCode.get(confirming),
  };
}

/** The virtual card section's state, as its views read it. */
export type VirtualCardRequest = ReturnType<typeof useVirtualCardRequest>;
