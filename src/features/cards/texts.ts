import { bindTexts } from '@/hooks/use-translation';
import { defineTexts } from '@/lib/texts';

/** Texts of the cards screen, under the `cards` namespace key. */
export const cardsTexts = defineTexts(
  {
    title: 'Cartões',
    intro:
      'Solicite cartões virtuais e cancele cartões. Cada operação pede confirmação e é enviada uma única vez.',
    virtual: {
      heading: 'Solicitar cartão virtual',
      accountLabel: 'Conta',
      accountPickerHelp: 'Busque por nome fantasia, CNPJ, agência ou conta.',
      accountCodeLabel: 'Código da conta',
      accountCodeHelp: 'Número inteiro, por exemplo 1234567',
      accountOption: '{{tradeName}} · agência {{branch}} · conta {{account}}',
      optionIdentity: 'CNPJ {{taxId}} · agência {{branch}} · conta {{account}}',
      optionCode: 'Código enviado: {{code}}',
      noneQualifies:
        'Nenhuma das {{count}} contas da lista tem um código que o provedor aceite para o cartão virtual. Digite o código da conta.',
      noneQualifiesTechnical:
        'O código enviado é o campo {{field}} da conta (configuração virtualCardAccountField), e nenhuma conta tem nele um número inteiro.',
      dialogCode: 'Código enviado ao provedor: {{code}} ({{fieldLabel}}).',
      noOptions: 'Nenhuma conta encontrada',
      loadingAccounts: 'Carregando contas…',
      moreOptions: 'Mostrando {{shown, number}} de {{count, number}} contas; digite para refinar.',
      scopeMissing: 'O seu acesso não inclui a lista de contas. Digite o código da conta.',
      listUnavailable: 'Não foi possível carregar a lista de contas; digite o código da conta.',
      submit: 'Solicitar cartão virtual…',
      pickFirst: 'Escolha uma conta.',
      dialogTitle: 'Solicitar cartão virtual?',
      dialogBody: 'Será solicitado um novo cartão virtual para a conta {{account}}.',
      dialogAccount: '{{tradeName}}, CNPJ {{taxId}}, agência {{branch}}, conta {{account}}.',
      dialogOnce: 'A solicitação é enviada uma única vez.',
      confirm: 'Solicitar',
      errorTitle: 'Não foi possível solicitar o cartão virtual',
    },
    cancel: {
      heading: 'Cancelar cartão',
      codeLabel: 'Código do cartão',
      codeHelp: 'Número inteiro, por exemplo 5001',
      submit: 'Cancelar cartão…',
      dialogTitle: 'Cancelar o cartão {{code}}?',
      dialogBody: 'O cartão {{code}} será cancelado. Esta operação não pode ser desfeita.',
      retypeLabel: 'Digite o código do cartão para confirmar',
      retypeHelp: 'Repita {{code}}',
      retypeMismatch: 'O código digitado não é {{code}}.',
      confirm: 'Cancelar o cartão',
      errorTitle: 'Não foi possível cancelar o cartão',
    },
    codeInvalid: 'Informe um número inteiro positivo, só com dígitos.',
    back: 'Voltar',
    retryList: 'Tentar de novo',
    sending: 'Enviando…',
    resultTitle: 'Resposta do provedor',
    newCardCode: 'Código do novo cartão: {{code}}',
    resultAt: 'em {{time}}',
    unknownTitle: 'Não foi possível confirmar o resultado',
    unknown: {
      cancel:
        'O provedor pode ter cancelado o cartão {{code}}. Envie de novo para conferir: se ele já estiver cancelado, o cancelamento aparece aqui como confirmado.',
      virtualCardWithKey:
        'O provedor pode ter criado o cartão para a conta {{account}}. Um novo envio reutiliza a mesma chave de idempotência: se o provedor recebeu o primeiro, não cria outro cartão.',
      virtualCardNoKey:
        'O provedor pode ter criado o cartão para a conta {{account}}, e a interface não permite consultar os cartões de uma conta. Sem chave de idempotência, um novo envio pode criar um segundo cartão: confirme com o emissor antes de solicitar de novo.',
    },
    resend: 'Enviar novamente',
    confirmedTitle: 'Cartão {{code}} cancelado',
    confirmedBody:
      'Confirmado pelo reenvio: a resposta ao primeiro pedido se perdeu, e o provedor diz agora que o cartão já está cancelado.',
    confirmedJournal: '{{message}} (confirmado pelo reenvio; a resposta ao primeiro pedido se perdeu)',
    repeatRefused:
      'O pedido anterior com este código ficou sem resposta: o provedor pode tê-lo executado antes desta recusa.',
    networkRetryCaveat:
      'Não é possível descartar um segundo cartão: sem chave de idempotência, a rede pode ter reenviado o pedido sem que o app saiba. Confira os cartões da conta {{account}} antes de solicitar outro.',
    journal: {
      heading: 'Diário desta aba',
      intro:
        'Operações de cartão feitas nesta aba, da mais recente para a mais antiga. Fica só na memória e é apagado ao sair.',
      tableLabel: 'Diário de operações de cartão',
      time: 'Hora',
      operation: 'Operação',
      input: 'Entrada',
      outcome: 'Resultado',
      message: 'Mensagem',
      virtualCard: 'Cartão virtual',
      cancel: 'Cancelamento',
      inputAccount: 'conta {{code}}',
      inputCard: 'cartão {{code}}',
      withNewCard: '{{message}} (novo cartão: {{code}})',
      success: 'Sucesso',
      failure: 'Falha',
      empty: 'Nenhuma operação nesta aba ainda.',
      export: 'Exportar CSV',
      fileName: 'diario-cartoes',
    },
  },
  {
    title: 'Cards',
    intro: 'Request virtual cards and cancel cards. Each operation asks for confirmation and is sent once.',
    virtual: {
      heading: 'Request a virtual card',
      accountLabel: 'Account',
      accountPickerHelp: 'Search by trade name, CNPJ, branch or account.',
      accountCodeLabel: 'Account code',
      accountCodeHelp: 'A whole number, for example 1234567',
      accountOption: '{{tradeName}} · branch {{branch}} · account {{account}}',
      optionIdentity: 'CNPJ {{taxId}} · branch {{branch}} · account {{account}}',
      optionCode: 'Code sent: {{code}}',
      noneQualifies:
        'None of the {{count}} accounts in the list has a code the provider accepts for a virtual card. Type the account code.',
      noneQualifiesTechnical:
        'The code sent is the account’s {{field}} field (setting virtualCardAccountField), and no account holds a whole number there.',
      dialogCode: 'Code sent to the provider: {{code}} ({{fieldLabel}}).',
      noOptions: 'No account found',
      loadingAccounts: 'Loading accounts…',
      moreOptions: 'Showing {{shown, number}} of {{count, number}} accounts; type to narrow down.',
      scopeMissing: 'Your access does not include the account list. Type the account code.',
      listUnavailable: 'The account list could not be loaded; type the account code.',
      submit: 'Request virtual card…',
      pickFirst: 'Choose an account.',
      dialogTitle: 'Request a virtual card?',
      dialogBody: 'A new virtual card will be requested for account {{account}}.',
      dialogAccount: '{{tradeName}}, CNPJ {{taxId}}, branch {{branch}}, account {{account}}.',
      dialogOnce: 'The request is sent once.',
      confirm: 'Request',
      errorTitle: 'The virtual card could not be requested',
    },
    cancel: {
      heading: 'Cancel a card',
      codeLabel: 'Card code',
      codeHelp: 'A whole number, for example 5001',
      submit: 'Cancel card…',
      dialogTitle: 'Cancel card {{code}}?',
      dialogBody: 'Card {{code}} will be cancelled. This cannot be undone.',
      retypeLabel: 'Type the card code to confirm',
      retypeHelp: 'Repeat {{code}}',
      retypeMismatch: 'The code typed is not {{code}}.',
      confirm: 'Cancel the card',
      errorTitle: 'The card could not be cancelled',
    },
    codeInvalid: 'Enter a positive whole number, digits only.',
    back: 'Back',
    retryList: 'Try again',
    sending: 'Sending…',
    resultTitle: "Provider's answer",
    newCardCode: 'New card’s code: {{code}}',
    resultAt: 'at {{time}}',
    unknownTitle: 'The outcome could not be confirmed',
    unknown: {
      cancel:
        'The provider may have cancelled card {{code}}. Send again to check: if it is already cancelled, the cancellation shows here as confirmed.',
      virtualCardWithKey:
        'The provider may have created the card for account {{account}}. A new send reuses the same idempotency key: if the provider got the first, it creates no other card.',
      virtualCardNoKey:
        "The provider may have created the card for account {{account}}, and the interface gives no way to look up an account's cards. Without an idempotency key, a new send may create a second card: check with the issuer before requesting again.",
    },
    resend: 'Send again',
    confirmedTitle: 'Card {{code}} cancelled',
    confirmedBody:
      'Confirmed by the resend: the answer to the first request was lost, and the provider now says the card is already cancelled.',
    confirmedJournal: '{{message}} (confirmed by the resend; the answer to the first request was lost)',
    repeatRefused:
      'The previous request with this code got no answer: the provider may have carried it out before this refusal.',
    networkRetryCaveat:
      'A second card cannot be ruled out: without an idempotency key, the network may have resent the request without the app knowing. Check the cards of account {{account}} before requesting another.',
    journal: {
      heading: "This tab's journal",
      intro: 'Card operations done in this tab, newest first. Kept in memory only and erased on sign-out.',
      tableLabel: 'Card operations journal',
      time: 'Time',
      operation: 'Operation',
      input: 'Input',
      outcome: 'Outcome',
      message: 'Message',
      virtualCard: 'Virtual card',
      cancel: 'Cancellation',
      inputAccount: 'account {{code}}',
      inputCard: 'card {{code}}',
      withNewCard: '{{message}} (new card: {{code}})',
      success: 'Success',
      failure: 'Failure',
      empty: 'No operation in this tab yet.',
      export: 'Export CSV',
      fileName: 'card-journal',
    },
  },
);

/**
 * The hook every component of this feature translates with: importing it brings these texts into the
 * cards screen's chunk and registers them before any of its components renders.
 */
export const useCardsTranslation = bindTexts('cards', cardsTexts);
