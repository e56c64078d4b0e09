// The boxed text the seller of goods must give the consumer in its terms (Code de la
// consommation, art. D211-2 and its annex, décret n° 2022-946 du 29 juin 2022), word for word.
export function LegalGuaranteeBox() {
  return (
    <aside className="legal-box" aria-labelledby="titre-garantie-legale">
      <h3 id="titre-garantie-legale">Garantie légale de conformité et garantie des vices cachés</h3>
      <p>
        Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité en
        cas d’apparition d’un défaut de conformité. Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité et non la date
        d’apparition de celui-ci.
      </p>
      <p>
        Lorsque le contrat de vente du bien prévoit la fourniture d’un contenu numérique ou d’un service numérique de manière continue pendant une durée
        supérieure à deux ans, la garantie légale est applicable à ce contenu numérique ou ce service numérique tout au long de la période de fourniture prévue.
        Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité affectant le contenu numérique ou le service numérique et
        non la date d’apparition de celui-ci.
      </p>
      <p>
        La garantie légale de conformité emporte obligation pour le professionnel, le cas échéant, de fournir toutes les mises à jour nécessaires au maintien de
        la conformité du bien.
      </p>
      <p>
        La garantie légale de conformité donne au consommateur droit à la réparation ou au remplacement du bien dans un délai de trente jours suivant sa
        demande, sans frais et sans inconvénient majeur pour lui.
      </p>
      <p>
        Si le bien est réparé dans le cadre de la garantie légale de conformité, le consommateur bénéficie d’une extension de six mois de la garantie initiale.
      </p>
      <p>
        Si le consommateur demande la réparation du bien, mais que le vendeur impose le remplacement, la garantie légale de conformité est renouvelée pour une
        période de deux ans à compter de la date de remplacement du bien.
      </p>
      <p>
        Le consommateur peut obtenir une réduction du prix d’achat en conservant le bien ou mettre fin au contrat en se faisant rembourser intégralement contre
        restitution du bien, si&nbsp;:
      </p>
      <ol className="legal-box-list">
        <li>1° Le professionnel refuse de réparer ou de remplacer le bien&nbsp;;</li>
        <li>2° La réparation ou le remplacement du bien intervient après un délai de trente jours&nbsp;;</li>
        <li>
          3° La réparation ou le remplacement du bien occasionne un inconvénient majeur pour le consommateur, notamment lorsque le consommateur supporte
          définitivement les frais de reprise ou d’enlèvement du bien non conforme, ou s’il supporte les frais d’installation du bien réparé ou de
          remplacement&nbsp;;
        </li>
        <li>4° La non-conformité du bien persiste en dépit de la tentative de mise en conformité du vendeur restée infructueuse.</li>
      </ol>
      <p>
        Le consommateur a également droit à une réduction du prix du bien ou à la résolution du contrat lorsque le défaut de conformité est si grave qu’il
        justifie que la réduction du prix ou la résolution du contrat soit immédiate. Le consommateur n’est alors pas tenu de demander la réparation ou le
        remplacement du bien au préalable.
      </p>
      <p>Le consommateur n’a pas droit à la résolution de la vente si le défaut de conformité est mineur.</p>
      <p>
        Toute période d’immobilisation du bien en vue de sa réparation ou de son remplacement suspend la garantie qui restait à courir jusqu’à la délivrance du
        bien remis en état.
      </p>
      <p>Les droits mentionnés ci-dessus résultent de l’application des articles L.&nbsp;217-1 à L.&nbsp;217-32 du code de la consommation.</p>
      <p>
        Le vendeur qui fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une amende civile d’un montant maximal de
        300&#8239;000&nbsp;euros, qui peut être porté jusqu’à 10&nbsp;% du chiffre d’affaires moyen annuel (article L.&nbsp;241-5 du code de la consommation).
      </p>
      <p>
        Le consommateur bénéficie également de la garantie légale des vices cachés en application des articles 1641 à 1649 du code civil, pendant une durée de
        deux ans à compter de la découverte du défaut. Cette garantie donne droit à une réduction de prix si le bien est conservé ou à un remboursement intégral
        contre restitution du bien.
      </p>
    </aside>
  );
}
